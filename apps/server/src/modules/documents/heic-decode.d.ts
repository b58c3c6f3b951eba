// heic-decode ships no types: the part this module uses (libheif compiled to WebAssembly).
declare module "heic-decode" {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  type Lazy = { width: number; height: number; decode: () => Promise<Decoded> };
  function decode(input: { buffer: Buffer | Uint8Array }): Promise<Decoded>;
  namespace decode {
    function all(input: { buffer: Buffer | Uint8Array }): Promise<Lazy[]>;
  }
  export default decode;
}
