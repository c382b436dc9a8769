import dns2 from 'dns2'

/**
 * A DNS server on a local UDP port whose TXT answers a test sets and changes while it runs
 * (a domain owner publishing, or later removing, a record). Names it does not know get an
 * empty answer, as a real resolver gives for a name with no TXT record.
 */
export interface FakeDnsServer {
  /** host:port for DNS_RESOLVER. */
  address: string
  setTxt(name: string, values: string[]): void
  /** The domain's mail hosts, best first (priorities 10, 20, ...). */
  setMx(name: string, hosts: string[]): void
  remove(name: string): void
  clear(): void
  /** How many questions it has been asked (answered or held), to tell a test a check really asked. */
  questions(): number
  /**
   * While held, questions get no answer (a resolver slow to answer), so a look-up stays in
   * flight and a test can stop the process that asked; let go, questions are answered again.
   */
  hold(held: boolean): void
  close(): Promise<void>
}

const { Packet } = dns2

export async function startFakeDnsServer(): Promise<FakeDnsServer> {
  const txt = new Map<string, string[]>()
  const mx = new Map<string, string[]>()
  let asked = 0
  let held = false
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      asked += 1
      if (held) return
      const response = Packet.createResponseFromRequest(request)
      const question = request.questions[0]
      if (question && question.type === Packet.TYPE.TXT) {
        for (const value of txt.get(question.name.toLowerCase()) ?? []) {
          // Long values go out as 255-character strings, as DNS publishes them.
          const chunks = value.match(/.{1,255}/g) ?? ['']
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: chunks } as never)
        }
      }
      if (question && question.type === Packet.TYPE.MX) {
        for (const [index, exchange] of (mx.get(question.name.toLowerCase()) ?? []).entries()) {
          response.answers.push({ name: question.name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 1, exchange, priority: (index + 1) * 10 } as never)
        }
      }
      void send(response)
    },
  })
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } })
  const port = (addresses as { udp?: { port: number } }).udp?.port
  if (!port) throw new Error('the fake DNS server did not get a port')
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => void txt.set(name.toLowerCase(), values),
    setMx: (name, hosts) => void mx.set(name.toLowerCase(), hosts),
    remove: (name) => {
      txt.delete(name.toLowerCase())
      mx.delete(name.toLowerCase())
    },
    clear: () => {
      txt.clear()
      mx.clear()
    },
    questions: () => asked,
    hold: (value) => {
      held = value
    },
    close: () => server.close() as Promise<void>,
  }
}
