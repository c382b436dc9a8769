/** The first bytes of real video files, padded: enough for the sniffers, not for a player. */

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/** The bytes of the 'ftyp' box mp4Bytes writes before its filler. */
export const MP4_HEADER_BYTES = 24

/** An MP4 'ftyp' box with this major brand, then filler. */
export function mp4Bytes(brand = 'isom', padding = 64): Uint8Array<ArrayBuffer> {
  const box = [0x00, 0x00, 0x00, 0x18, ...ascii('ftyp'), ...ascii(brand), 0x00, 0x00, 0x02, 0x00, ...ascii('isom'), ...ascii('mp41')]
  return new Uint8Array([...box, ...new Array<number>(padding).fill(0)])
}

/** An EBML header whose DocType is `docType` ('webm', or 'matroska' for an .mkv), then filler. */
export function ebmlBytes(docType = 'webm', padding = 64): Uint8Array<ArrayBuffer> {
  const type = ascii(docType)
  const body = [0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | type.length, ...type, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, ...new Array<number>(padding).fill(0)])
}
