import { catalan } from "./ca.data";
import { german } from "./de.data";
import { english } from "./en.data";
import { spanish } from "./es.data";
import { french } from "./fr.data";
import { indonesian } from "./id.data";
import { italian } from "./it.data";
import { japanese } from "./ja.data";
import { korean } from "./ko.data";
import { portuguese } from "./pt.data";
import type { LanguageSynonyms } from "./types";
import { chineseSimplified } from "./zh-hans.data";
import { chineseTraditional } from "./zh-hant.data";

/** Every language's heading synonyms, in the order the docs list them (a shared word is credited to the first). */
export const SECTION_SYNONYMS: readonly LanguageSynonyms[] = [
  english,
  portuguese,
  spanish,
  german,
  french,
  italian,
  catalan,
  korean,
  japanese,
  chineseSimplified,
  chineseTraditional,
  indonesian,
];
