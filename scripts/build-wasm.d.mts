export declare const WASM_SOURCE: string;
export declare const WASM_MODULE: string;
/** The module's bytes, compiled now from the source. */
export declare function compileJsonWalk(): Promise<Uint8Array>;
/** The generated TypeScript module holding `binary` as base64. */
export declare function moduleSource(binary: Uint8Array): string;
