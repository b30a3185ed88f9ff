// The interpreter languages vouch reads, one capability model each: what their code runs, reaches, reads and writes.
import type { Language } from '../types.js';
import { JAVASCRIPT } from './javascript.js';
import { PERL } from './perl.js';
import { PHP } from './php.js';
import { PYTHON } from './python.js';
import { RUBY } from './ruby.js';
import type { LanguageModel } from './types.js';

export type { CodeEffect, CodeEnv, LanguageExample, LanguageModel } from './types.js';

/** Every language model, in one list: the listing and the examples come from here. */
export const LANGUAGE_MODELS: readonly LanguageModel[] = [PYTHON, JAVASCRIPT, RUBY, PHP, PERL];

const BY_LANGUAGE = new Map<Language, LanguageModel>(LANGUAGE_MODELS.map((m) => [m.language, m]));

/** The model of a language, or undefined when vouch has none (its code is then not read). */
export function languageModel(language: Language): LanguageModel | undefined {
  return BY_LANGUAGE.get(language);
}
