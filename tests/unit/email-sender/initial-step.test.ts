import { initialSenderStep, type SenderWizardState } from '#server/email-sender/initial-step'

const blank: SenderWizardState = { fromName: null, fromEmail: null, hasDnsRecords: false, verificationStatus: null }

describe("the sender wizard's first step (spec 001, Email campaign sender wizard)", () => {
  it.each<[string, Partial<SenderWizardState>, number]>([
    ['nothing stored', {}, 0],
    ['only a sender name', { fromName: 'Sunrise' }, 0],
    ['only a sender email', { fromEmail: 'hello@sunrise.test' }, 0],
    ['sender name and email stored', { fromName: 'Sunrise', fromEmail: 'hello@sunrise.test' }, 1],
    ['DNS records and pending', { fromName: 'S', fromEmail: 'a@b.test', hasDnsRecords: true, verificationStatus: 'pending' }, 2],
    ['DNS records and disconnect', { fromName: 'S', fromEmail: 'a@b.test', hasDnsRecords: true, verificationStatus: 'disconnect' }, 2],
    ['DNS records with no status yet', { fromName: 'S', fromEmail: 'a@b.test', hasDnsRecords: true }, 2],
    ['DNS records and verified', { fromName: 'S', fromEmail: 'a@b.test', hasDnsRecords: true, verificationStatus: 'verified' }, 3],
    ['verified without records shown', { verificationStatus: 'verified' }, 3],
  ])('%s opens step %i', (_case, state, step) => {
    expect(initialSenderStep({ ...blank, ...state })).toBe(step)
  })
})
