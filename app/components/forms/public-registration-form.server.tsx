/**
 * The registration form for the server's render only. The browser build empties `.server`
 * modules, so rjsf, its validator and the signature pad stay out of what a visitor downloads
 * with the page; the browser loads them when the visitor starts filling in
 * (see registration-form-island.tsx).
 */
export { PublicRegistrationForm as ServerRenderedRegistrationForm } from './public-registration-form'
