export type QuizResult = { quizType: string; status: string; isPass: boolean }

/** Spec 000 section 4, "Quiz result status". */
export function quizResultStatusLabel(result: QuizResult): string {
  if (result.quizType === 'graded') return 'N/A'
  switch (result.status) {
    case 'inreview':
      return 'In Review'
    case 'completed':
      return result.isPass ? 'Pass' : 'Fail'
    case 'inprogress':
      return 'In Progress'
    case 'abandoned':
      return 'Abandoned'
    default:
      return 'N/A'
  }
}

/** Spec 000 section 4, "Question types". The spec lists graded without a label. */
export function questionTypeLabel(type: string): string {
  switch (type) {
    case 'graded':
      return 'Graded'
    case 'singlechoice':
      return 'Single Choice'
    case 'multichoice':
      return 'Multiple Choice'
    case 'openended':
      return 'Open Ended'
    default:
      return 'N/A'
  }
}
