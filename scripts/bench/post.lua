-- POST /creatures with names unique per thread and run.
local counter = 0
local nthreads = 0
function setup(thread)
  nthreads = nthreads + 1
  thread:set("tid", nthreads)
end
function init(args)
  prefix = string.format("Load %d-%d-", os.time(), tid or 0)
end
request = function()
  counter = counter + 1
  local body = string.format('{"name":"%s%d","species":"Benchmark","habitat":"wrk","danger_level":%d}', prefix, counter, counter % 11)
  return wrk.format("POST", "/creatures", {["Content-Type"] = "application/json"}, body)
end
