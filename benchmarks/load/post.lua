-- wrk script of benchmarks.limit: every request POSTs one JSON body, read from the file
-- named after "--"; at the end, the run's figures as one JSON line on standard output.
--
--   wrk -t1 -c50 -d10s -s benchmarks/load/post.lua http://127.0.0.1:8000/v1/park/legal -- body.json

function init(args)
   local file = assert(io.open(args[1], "rb"))
   wrk.body = file:read("*a")
   file:close()
   wrk.method = "POST"
   wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
   local errors = summary.errors
   io.write(string.format(
      '\nLIMIT {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,' ..
      '"write":%d,"timeout":%d,"status":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,' ..
      '"max_us":%d,"mean_us":%.1f}\n',
      summary.requests, summary.duration, summary.bytes, errors.connect, errors.read,
      errors.write, errors.timeout, errors.status, latency:percentile(50),
      latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
