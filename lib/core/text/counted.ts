/** "1 handoff", "3 handoffs", "2 branches": a count with its noun in the right number (English). */
export function counted(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? noun : pluralNoun}`;
}
