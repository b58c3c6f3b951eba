import { clientAuth } from "../../lib/client-auth";

// GET /api/v1/documents/document/:guid/file: the owner's own file, served as an attachment. The
// bearer token is no cookie, so a plain link cannot carry it: the file is fetched and handed to
// the browser's download through an object URL that is revoked right after.

export const documentFilePath = (guid: string) => `/api/v1/documents/document/${encodeURIComponent(guid)}/file`;

export async function downloadDocument(guid: string, fileName: string): Promise<void> {
  const token = await clientAuth.accessToken();
  const response = await fetch(documentFilePath(guid), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status === 401) clientAuth.unauthorized();
  if (!response.ok) throw new Error(`The file could not be downloaded (status ${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the URL after click() returns; a minute is ample, and the blob is freed then.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
