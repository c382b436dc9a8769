/** On the bare platform host, the cookie that remembers which organisation a visitor chose. */
export const ORG_COOKIE = 'org'
