// Cmdlet parameter binding, as PowerShell does it: named, colon-joined, switches, unambiguous prefixes (the lowering and the cmdlet entries share it).
import type { Word } from '../types.js';

/** PowerShell takes an en dash, em dash or horizontal bar for the `-` of a parameter. */
export function dashed(text: string): string {
  return text.replace(/^[\u2013\u2014\u2015]/, '-');
}

export interface Bound {
  named: Map<string, Word | true>;
  positional: Word[];
  /** The word each named parameter was written in (`-WhatIf`, `-WhatIf:$false`, `-wh`), its dash as `-`. */
  written: Map<string, Word>;
}

/**
 * Binds arguments to a cmdlet's parameters the way PowerShell does: `-Name value`, `-Name:value`, switches,
 * unambiguous prefixes; `aliases` maps alternative names to the parameter they stand for.
 */
export function bind(args: Word[], valueParams: string[], switchParams: string[], aliases: Record<string, string> = {}): Bound {
  const named = new Map<string, Word | true>();
  const written = new Map<string, Word>();
  const positional: Word[] = [];
  const all = [...valueParams, ...switchParams];
  for (let i = 0; i < args.length; i++) {
    const given = args[i] as Word;
    if (!/^[-\u2013\u2014\u2015][A-Za-z?]/.test(given.text)) {
      positional.push(given);
      continue;
    }
    const w = { ...given, text: dashed(given.text) };
    const colon = w.text.indexOf(':');
    const raw = (colon > 0 ? w.text.slice(1, colon) : w.text.slice(1)).toLowerCase();
    const attached = colon > 0 && colon < w.text.length - 1 ? w.text.slice(colon + 1) : null;
    const aliased = aliases[raw];
    const matches = aliased ? [aliased] : all.includes(raw) ? [raw] : all.filter((p) => p.startsWith(raw));
    const param = matches.length === 1 ? (matches[0] as string) : raw;
    written.set(param, w);
    if (!valueParams.includes(param)) {
      named.set(param, true);
      // A switch splatted with a value that is no boolean (`@{WhatIf=$x}`, `@{WhatIf=0}`) stands before that value, in a
      // word of the same span: PowerShell binds the value to it, so it is written as `-WhatIf:VALUE`.
      const next = args[i + 1];
      if (attached === null && next && next.span.start === given.span.start && next.span.end === given.span.end && !/^[-\u2013\u2014\u2015][A-Za-z?]/.test(next.text)) written.set(param, { ...w, text: `${w.text.replace(/:$/, '')}:${next.text}` });
      continue;
    }
    if (attached !== null) {
      // The value as the word's values give it (`-Path:"$HOME/x"` is /home/…/x), past the parameter's colon.
      const values = given.values?.map((v) => v.slice(v.indexOf(':') + 1)) ?? null;
      named.set(param, { text: attached, span: w.span, values, ...(values === null ? { dynamic: given.dynamic ?? 'a computed value' } : {}) });
      continue;
    }
    const next = args[i + 1];
    if (next) {
      named.set(param, next);
      i++;
    }
  }
  return { named, positional, written };
}

/**
 * Why a cmdlet only says what it would do: -WhatIf given (by an unambiguous prefix, `-wh`, as bind reads it, or its
 * alias `-wi`) as a bare switch or `-WhatIf:$true`. PowerShell's cmdlets that change things take it and change nothing
 * (one that does not take it fails to bind, and runs no more). `-WhatIf:$false`, `-WhatIf:$x`, `-WhatIf: $v` (the value
 * in the next word) run the cmdlet: no preview.
 */
export function whatIf(b: Bound): string | undefined {
  const w = b.written.get('whatif') ?? b.written.get('wi');
  if (w === undefined) return undefined;
  const colon = w.text.indexOf(':');
  return colon < 0 || /^\$true$/i.test(w.text.slice(colon + 1)) ? `${w.text} only says what it would do` : undefined;
}

export function namedWord(b: Bound, name: string, position: number): Word | undefined {
  const v = b.named.get(name);
  if (v !== undefined) return v === true ? undefined : v;
  return b.positional[position];
}
