// Archives built in the test, as tar and zip write them, for the host's lister to read (nothing is extracted).

/** A tar member: its name and type ('0' a file, '2' a link, 'L' GNU's long name of the next), with its content. */
interface Member {
  name: string;
  type?: string;
  body?: string;
  prefix?: string;
}

/** A tar archive as tar writes one: a ustar header a member, its body in 512-byte blocks, two zero blocks to end. */
export function tarOf(members: readonly Member[]): Buffer {
  const blocks: Buffer[] = [];
  for (const m of members) {
    const body = Buffer.from(m.body ?? '');
    const h = Buffer.alloc(512);
    h.write(m.name, 0, 100, 'utf8');
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    h.write('00000000000\0', 136);
    h.write(m.type ?? '0', 156);
    h.write('ustar\u000000', 257, 'latin1');
    if (m.prefix) h.write(m.prefix, 345, 155, 'utf8');
    h.fill(32, 148, 156);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

/** A zip archive, stored: a local header and data a member, the central directory, its end. `mode`: Unix mode bits. */
export function zipOf(members: readonly { name: string; body?: string; mode?: number; local?: string }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    const localName = Buffer.from(m.local ?? m.name);
    const body = Buffer.from(m.body ?? '');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(localName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4);
    entry.writeUInt16LE(10, 6);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(body.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(((m.mode ?? 0o100644) << 16) >>> 0, 38);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, localName, body);
    central.push(entry, name);
    offset += 30 + localName.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
