/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import '#server/http/load-context'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}
