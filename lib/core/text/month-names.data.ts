/**
 * Month names as handoffs write them, by language (parse-timestamp.ts): full names and the usual
 * abbreviations, compared in lower case with accents removed (`Février` = `fevrier`, `März` = `marz`).
 * Index 0 is January. A name missing here leaves its date unread (null), never misread.
 */
export const MONTH_NAMES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  en: [["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"], ["june", "jun"], ["july", "jul"], ["august", "aug"], ["september", "sept", "sep"], ["october", "oct"], ["november", "nov"], ["december", "dec"]],
  es: [["enero", "ene"], ["febrero"], ["marzo"], ["abril", "abr"], ["mayo"], ["junio"], ["julio"], ["agosto", "ago"], ["septiembre", "setiembre", "set"], ["octubre"], ["noviembre"], ["diciembre", "dic"]],
  pt: [["janeiro"], ["fevereiro", "fev"], ["marco"], ["abril"], ["maio", "mai"], ["junho"], ["julho"], ["agosto"], ["setembro"], ["outubro", "out"], ["novembro"], ["dezembro", "dez"]],
  de: [["januar", "jan", "janner"], ["februar"], ["marz", "maerz"], ["april"], ["mai"], ["juni"], ["juli"], ["august"], ["september"], ["oktober", "okt"], ["november"], ["dezember", "dez"]],
  fr: [["janvier", "janv"], ["fevrier", "fevr"], ["mars"], ["avril", "avr"], ["mai"], ["juin"], ["juillet", "juil"], ["aout"], ["septembre"], ["octobre"], ["novembre"], ["decembre"]],
  id: [["januari"], ["februari"], ["maret"], ["april"], ["mei"], ["juni"], ["juli"], ["agustus", "agu"], ["september"], ["oktober", "okt"], ["november"], ["desember", "des"]],
};
