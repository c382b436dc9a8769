import { describe, expect, it } from 'vitest'
import { questionTypeLabel, quizResultStatusLabel } from '#server/shell/quiz-labels'

describe('quizResultStatusLabel', () => {
  it.each([
    { quizType: 'quiz', status: 'inreview', isPass: false, label: 'In Review' },
    { quizType: 'quiz', status: 'completed', isPass: true, label: 'Pass' },
    { quizType: 'quiz', status: 'completed', isPass: false, label: 'Fail' },
    { quizType: 'quiz', status: 'inprogress', isPass: false, label: 'In Progress' },
    { quizType: 'quiz', status: 'abandoned', isPass: false, label: 'Abandoned' },
    { quizType: 'quiz', status: 'started', isPass: false, label: 'N/A' },
    { quizType: 'quiz', status: '', isPass: true, label: 'N/A' },
    { quizType: 'graded', status: 'completed', isPass: true, label: 'N/A' },
    { quizType: 'graded', status: 'inreview', isPass: false, label: 'N/A' },
  ])('$quizType $status (isPass $isPass) -> $label', ({ label, ...result }) => {
    expect(quizResultStatusLabel(result)).toBe(label)
  })
})

describe('questionTypeLabel', () => {
  it.each([
    ['graded', 'Graded'],
    ['singlechoice', 'Single Choice'],
    ['multichoice', 'Multiple Choice'],
    ['openended', 'Open Ended'],
    ['truefalse', 'N/A'],
    ['', 'N/A'],
  ])('%s -> %s', (type, label) => {
    expect(questionTypeLabel(type)).toBe(label)
  })
})
