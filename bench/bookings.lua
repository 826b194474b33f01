-- wrk script: distinct, valid bookings for POST /api/bookings. Usage: wrk ... -s bookings.lua -- RUN_ID
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  run = args[1] or "run"
  n = 0
end

function request()
  n = n + 1
  local body = string.format(
    '{"submissionId":"bench-%s-%d-%d","name":"Bench Visitor","email":"bench@example.com",' ..
    '"phone":"303-555-0100","details":"Load test","answers":[{"question":"What type of trailer do you have?",' ..
    '"answer":"Dump Trailer"},{"question":"How urgent is this?","answer":"Soon (within a week)"}],' ..
    '"website":"","fillMs":30000}', run, tid, n)
  return wrk.format("POST", "/api/bookings", { ["Content-Type"] = "application/json" }, body)
end

function done(summary, latency, requests)
  local failed = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"failed":%d,"seconds":%.3f,"p50_ms":%.3f,"p99_ms":%.3f}\n',
    summary.requests, failed, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
