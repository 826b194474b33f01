-- wrk script: distinct, valid bookings for POST /api/bookings. Usage: wrk ... -s bookings.lua -- RUN_ID
-- [KIND]: "texted": each is an emergency from its own number whose visitor ticked 'Text me about
-- this request' (so a server with texts on texts every one at once, whatever the hour);
-- "emergency": an emergency (it escalates while nobody answers); "urgent": an urgent request, not
-- an emergency (pushed the same way, never escalated).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  run = args[1] or "run"
  kind = args[2]
  n = 0
end

function request()
  n = n + 1
  local phone, need, extra, more = "303-555-0100", "Soon (within a week)", "", ""
  if kind == "texted" then
    phone = string.format("303-%03d-%04d", 200 + tid, n % 10000)
    need = "Emergency service"
    extra = ',"location":"Aurora","textConsent":true'
  elseif kind == "emergency" then
    need = "Emergency service"
    extra = ',"location":"Aurora"'
  elseif kind == "urgent" then
    need = "Repairs needed"
    extra = ',"location":"Aurora"'
    more = ',{"question":"How urgent is this?","answer":"Urgent (24-48 hours)"}'
  end
  local body = string.format(
    '{"submissionId":"bench-%s-%d-%d","name":"Bench Visitor","email":"bench@example.com",' ..
    '"phone":"%s","details":"Load test","answers":[{"question":"What type of trailer do you have?",' ..
    '"answer":"Dump Trailer"},{"question":"What service do you need?","answer":"%s"}%s],' ..
    '"website":"","fillMs":30000%s}', run, tid, n, phone, need, more, extra)
  return wrk.format("POST", "/api/bookings", { ["Content-Type"] = "application/json" }, body)
end

function done(summary, latency, requests)
  local failed = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"failed":%d,"seconds":%.3f,"p50_ms":%.3f,"p99_ms":%.3f}\n',
    summary.requests, failed, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
