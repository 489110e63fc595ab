/**
 * Which requests write a session's 最后访问: the first one, then at most one per `windowMs`. It remembers only the
 * sessions written within the last window, oldest first, so its size follows the sessions active now rather than
 * every session the instance has seen.
 */
export function createLastSeenGate(windowMs: number) {
  const writtenAt = new Map<number, number>();
  return {
    /** Whether this request writes the session's last seen now (and, if so, counts it as written). */
    due(sessionId: number, now: number): boolean {
      const last = writtenAt.get(sessionId);
      if (last !== undefined && now - last < windowMs) return false;
      writtenAt.delete(sessionId);
      writtenAt.set(sessionId, now);
      for (const [id, at] of writtenAt) {
        if (now - at < windowMs) break;
        writtenAt.delete(id);
      }
      return true;
    },
    /** Sessions remembered (tests). */
    size: () => writtenAt.size,
  };
}
