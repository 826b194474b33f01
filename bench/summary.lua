-- wrk script: prints one JSON line with throughput, latency percentiles and the failed requests
-- by kind (status: answers other than 2xx/3xx, such as the 503 of a connection cap; connect,
-- read, write: the socket failed; timeout: no answer in time).
function done(summary, latency, requests)
  local e = summary.errors
  local failed = e.status + e.connect + e.read + e.write + e.timeout
  io.write(string.format('{"requests":%d,"failed":%d,"errors":{"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d},"seconds":%.3f,"rps":%.1f,"p50_ms":%.3f,"p99_ms":%.3f}\n',
    summary.requests, failed, e.status, e.connect, e.read, e.write, e.timeout, summary.duration / 1e6,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
