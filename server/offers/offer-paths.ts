/** The staff offer screens' addresses (spec: offers, and the offer's page at offers/details/{guId}). */
export const OFFERS_PATH = '/offers'
export const offerPath = (guid: string) => `${OFFERS_PATH}/details/${guid}`
