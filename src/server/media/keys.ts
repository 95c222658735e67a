/**
 * Where a client's files live in the media store: `clientId/mediaId/full.jpg` and `…/thumb.jpg`. Every file of a
 * client is under its prefix, so the deletion hook removes them all at once. The uploaded filename is never used.
 */
export function mediaPrefixOf(clientId: string): string {
  return clientId;
}

export function mediaKeysOf(clientId: string, mediaId: string) {
  return {
    imageKey: `${mediaPrefixOf(clientId)}/${mediaId}/full.jpg`,
    thumbnailKey: `${mediaPrefixOf(clientId)}/${mediaId}/thumb.jpg`,
  };
}
