// Waiting for a server the bench started: polls `url` (its /readyz or /healthz) every 20 ms
// until it answers 200, for at most 30 s.
export async function waitReady(url) {
  for (let waited = 0; ; waited += 20) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (waited > 30_000) throw new Error(`the server never became ready (${url})`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
