// Members that give a secret in plain text, however the line reads them: `(X).M`, `X | select -ExpandProperty M`, `X | % M`, `X | fl *`.
import { bind } from '../programs/bind.js';
import { componentGlob } from '../resolve/path.js';
import { table } from '../table.js';
import type { Word } from '../types.js';
import { memberEntry } from './members.js';
import { type State, pushSegment, synthetic } from './state.js';

interface PlainText {
  /** The one type that has the member (its registry entry is `[type]::member`, see the dotnet entries). */
  type: string;
  /** The member as its type spells it, for the message. */
  name: string;
  /** A property, which commands that show or copy every property read too; a method is read only when called. */
  property: boolean;
  /**
   * Commands that hand out an object of the type. A wildcard (`| fl *`, `| select Secret*`) or a command that copies
   * every property (`| ConvertTo-Json`) reads the member only of such an object; `Get-Process | fl *` reads none.
   */
  made: RegExp;
}

/** Members only one type has that give a secret in plain text. */
export const PLAIN_TEXT_MEMBERS = table<PlainText>({
  // `$cred.GetNetworkCredential()`: the credential's password in plain text (a PSCredential is what has the method).
  getnetworkcredential: { type: 'management.automation.pscredential', name: 'GetNetworkCredential', property: false, made: /\b(?:get-credential|import-clixml|get-storedcredential|pscredential)\b/i },
  // `$secret.SecretValueText`: a Key Vault secret's (the AzureRM-era PSKeyVaultSecret, Az before 3.0, has the property).
  secretvaluetext: { type: 'microsoft.azure.commands.keyvault.models.pskeyvaultsecret', name: 'SecretValueText', property: true, made: /\b(?:get|set)-az(?:ure)?keyvaultsecret\b/i },
});

/**
 * The plain-text members that member names (`SecretValueText`, a wildcard as PowerShell matches it, caseless) read,
 * less those `except` names, each judged as `(X).M` is where the names are written. `calls`: a method named is
 * called (ForEach-Object's member), not only read as a property.
 */
export function membersNamed(st: State, names: readonly Word[], calls: boolean, except: readonly Word[] = []): void {
  const excluded = except.flatMap((w) => w.values ?? []).map((v) => componentGlob(v.toLowerCase()));
  for (const [member, p] of Object.entries(PLAIN_TEXT_MEMBERS)) {
    if (p === undefined || (!p.property && !calls) || excluded.some((re) => re.test(member))) continue;
    const word = names.find((w) => w.values?.some((v) => componentGlob(v.toLowerCase()).test(member) && (!/[*?[]/.test(v) || p.made.test(st.text))));
    if (!word) continue;
    // A segment of its own, as a member called is, whose word is the member's name where the names are written.
    const read = synthetic(p.name, word.span);
    memberEntry(st, [p.type], member, [read], word.span, pushSegment(st, [read], [], word.span, []));
  }
}

/**
 * Cmdlets that read properties of what they are handed by the names their parameters give: those parameters (the
 * first at position 0, except Compare-Object's), the parameters they exclude by, and every other parameter, which
 * PowerShell binds by an unambiguous prefix (`-exp` is -ExpandProperty, `-e` is none).
 */
const PROPERTY_READERS = table<{ reads: string[]; excludes?: string; values: string[]; switches: string[]; positional?: false }>({
  'select-object': { reads: ['property', 'expandproperty'], excludes: 'excludeproperty', values: ['last', 'first', 'skip', 'skiplast', 'index', 'skipindex', 'inputobject'], switches: ['unique', 'wait', 'caseinsensitive'] },
  'format-list': { reads: ['property', 'groupby'], values: ['view', 'expand', 'inputobject'], switches: ['showerror', 'displayerror', 'force'] },
  'format-table': { reads: ['property', 'groupby'], values: ['view', 'expand', 'inputobject'], switches: ['autosize', 'repeatheader', 'hidetableheaders', 'wrap', 'showerror', 'displayerror', 'force'] },
  'format-wide': { reads: ['property', 'groupby'], values: ['view', 'expand', 'inputobject', 'column'], switches: ['autosize', 'showerror', 'displayerror', 'force'] },
  'format-custom': { reads: ['property', 'groupby'], values: ['view', 'expand', 'inputobject', 'depth'], switches: ['showerror', 'displayerror', 'force'] },
  'group-object': { reads: ['property'], values: ['inputobject', 'culture'], switches: ['noelement', 'ashashtable', 'asstring', 'casesensitive'] },
  'sort-object': { reads: ['property'], values: ['inputobject', 'culture', 'top', 'bottom'], switches: ['descending', 'unique', 'stable', 'casesensitive'] },
  'measure-object': { reads: ['property'], values: ['inputobject'], switches: ['sum', 'average', 'maximum', 'minimum', 'standarddeviation', 'allstats', 'line', 'word', 'character', 'ignorewhitespace'] },
  'compare-object': { reads: ['property'], values: ['referenceobject', 'differenceobject', 'syncwindow', 'culture'], switches: ['excludedifferent', 'includeequal', 'passthru', 'casesensitive'], positional: false },
});

/**
 * Cmdlets that copy every property of what they are handed into text or a file (Format-Custom shows them all where it
 * is given no property): a plain-text property among them is read.
 */
const EVERY_PROPERTY = new Set(['convertto-json', 'convertto-csv', 'export-csv', 'convertto-xml', 'export-clixml', 'convertto-html', 'format-custom']);

/** `| Select-Object -ExpandProperty SecretValueText`, `| fl *`, `| ConvertTo-Json`: the plain-text members a cmdlet reads by name. */
export function propertyReads(st: State, program: string, args: Word[], name: Word): void {
  const model = PROPERTY_READERS[program];
  const b = model ? bind(args, [...model.reads, ...(model.excludes ? [model.excludes] : []), ...model.values], model.switches) : undefined;
  const named = model && b ? model.reads.map((p) => b.named.get(p)).filter((w): w is Word => w !== undefined && w !== true) : [];
  if (model && b && model.positional !== false && !b.named.has(model.reads[0] as string) && b.positional[0]) named.push(b.positional[0]);
  const excluded = model?.excludes ? b?.named.get(model.excludes) : undefined;
  const except = excluded === undefined || excluded === true ? [] : [excluded];
  if (EVERY_PROPERTY.has(program) && named.length === 0) named.push(synthetic('*', name.span));
  if (named.length > 0) membersNamed(st, named, false, except);
}
