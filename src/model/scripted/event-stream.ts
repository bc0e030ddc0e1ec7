/**
 * Amazon's binary event-stream framing (`application/vnd.amazon.eventstream`), as Bedrock's
 * InvokeModelWithResponseStream sends it: each message is a 12-byte prelude (total length,
 * headers length, the prelude's CRC32), string headers, a payload, and the message's CRC32.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC32 (IEEE) that the framing uses for its prelude and message checksums. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The header value type code of a UTF-8 string. */
const STRING_TYPE = 7;

function encodeHeaders(headers: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = Buffer.from(name, "utf8");
    const valueBytes = Buffer.from(value, "utf8");
    const head = Buffer.alloc(1 + nameBytes.length + 3);
    head.writeUInt8(nameBytes.length, 0);
    nameBytes.copy(head, 1);
    head.writeUInt8(STRING_TYPE, 1 + nameBytes.length);
    head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
    parts.push(head, valueBytes);
  }
  return Buffer.concat(parts);
}

/**
 * One event-stream message. `corrupt` spoils its message checksum, as a damaged frame would
 * arrive: a decoder must refuse it.
 */
export function encodeEventMessage(
  headers: Readonly<Record<string, string>>,
  payload: Uint8Array,
  corrupt = false,
): Buffer {
  const headerBytes = encodeHeaders(headers);
  const total = 12 + headerBytes.length + payload.length + 4;
  const message = Buffer.alloc(total);
  message.writeUInt32BE(total, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, 12);
  Buffer.from(payload).copy(message, 12 + headerBytes.length);
  const checksum = crc32(message.subarray(0, total - 4));
  message.writeUInt32BE(corrupt ? (checksum ^ 0xffffffff) >>> 0 : checksum, total - 4);
  return message;
}
