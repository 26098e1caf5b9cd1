-- wrk script of the abuse stage's flood: catalogue calls without a page or with junk parameters, each URL new.
--
-- wrk -s bench/flood.lua ... URL -- RUN SHOES
--
-- Each request takes the next of six kinds in turn and a number no other request of the run has (the run's token,
-- the thread and a counter), so no URL repeats and a cache keyed on the text of the URL never answers one:
--   /api/shoes?z=N                   issue 15's call: the list without a limit
--   /api/shoes?offset=R&o=N          the list from a random offset R of the catalogue, without a limit
--   /api/shoes?brand=Asics&b=N       a brand's collection without a limit
--   /api/shoes/onSale?x=N            the sale without a limit
--   /api/brands?x=N                  the brands
--   /api/shoes?limit=28&junkN=1      the shoppers' first page behind a junk parameter
-- Every request comes from one client address, an attacker's, in X-Forwarded-For as the load balancer sends it.
-- Answers are counted by status class and printed as "flood answers: 2xx A 3xx B 4xx C 5xx D other E" for
-- bench/run/loads.py (wrk's own report lumps 4xx and 5xx together; a 4xx is an acceptable answer to a flood, a 5xx
-- never is).

local threads = {}

function setup(thread)
  thread:set("thread_number", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  run_token = args[1]
  shoes = tonumber(args[2])
  counter = 0
  answers = { 0, 0, 0, 0, 0 } -- 2xx, 3xx, 4xx, 5xx, anything else
  math.randomseed(os.time() + thread_number)
  -- wrk.format() takes a request's headers whole: the -H headers (the balancer's) and the client's address.
  headers = { ["X-Forwarded-For"] = "203.0.113.66" }
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
end

local function path_of(kind, unique)
  if kind == 0 then
    return "/api/shoes?z=" .. unique
  elseif kind == 1 then
    return "/api/shoes?offset=" .. math.random(0, shoes - 1) .. "&o=" .. unique
  elseif kind == 2 then
    return "/api/shoes?brand=Asics&b=" .. unique
  elseif kind == 3 then
    return "/api/shoes/onSale?x=" .. unique
  elseif kind == 4 then
    return "/api/brands?x=" .. unique
  end
  return "/api/shoes?limit=28&junk" .. unique .. "=1"
end

function request()
  local unique = run_token .. "t" .. thread_number .. "n" .. counter
  local path = path_of(counter % 6, unique)
  counter = counter + 1
  return wrk.format(nil, path, headers)
end

function response(status)
  local class = math.floor(status / 100)
  local slot = (class >= 2 and class <= 5) and class - 1 or 5
  answers[slot] = answers[slot] + 1
end

function done(summary, latency, requests)
  local total = { 0, 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    local counted = thread:get("answers")
    for class = 1, 5 do
      total[class] = total[class] + counted[class]
    end
  end
  io.write(string.format("flood answers: 2xx %d 3xx %d 4xx %d 5xx %d other %d\n", unpack(total)))
end
