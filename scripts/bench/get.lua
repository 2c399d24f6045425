-- GET /creatures/{id} over ids 1..1000.
request = function()
  return wrk.format("GET", "/creatures/" .. math.random(1, 1000))
end
