/** The Porter2 (Snowball English) stemmer: `relocating` → `reloc`. */
declare module 'wink-porter2-stemmer' {
  /** The stem of one lowercase word. */
  const stem: (word: string) => string;
  export default stem;
}
