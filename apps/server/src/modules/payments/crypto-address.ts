const BASE58 = "[1-9A-HJ-NP-Za-km-z]";

/** Address shapes per network, checked before a withdrawal reaches the PSP. */
const ADDRESS_PATTERNS: Record<string, RegExp> = {
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|tb1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: new RegExp(`^T${BASE58}{33}$`),
};

export function isValidCryptoAddress(network: string, address: string): boolean {
  const pattern = ADDRESS_PATTERNS[network] ?? /^[A-Za-z0-9:_-]{10,128}$/;
  return pattern.test(address);
}
