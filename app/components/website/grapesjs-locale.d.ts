// GrapesJS ships its locale files without types; their shape is checked where they are read.
declare module 'grapesjs/locale/tr.mjs' {
  const messages: unknown
  export default messages
}
