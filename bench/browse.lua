-- wrk script of the sale-day stage: shoppers browsing, from many addresses, as the storefront asks.
--
-- wrk -s bench/browse.lua ... URL -- SEARCH_TERM SHOE_IDS
--
-- Each request is, at random: a page of the catalogue (4 in 10: its first five pages), a search (1 in 10), a shoe's
-- page (3 in 10: one of SHOE_IDS, comma-separated, the checkout's shoe among them) or a page shell (2 in 10: the home
-- page, the sale, a product page). Each carries an address of its own in X-Forwarded-For, as the load balancer sends
-- it, and accepts gzip as browsers do.

local threads = {}

function setup(thread)
  thread:set("thread_number", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + thread_number)
  -- Answers other than 2xx, by the kind of page and status ("shoe 404"), for the stage's report.
  failures = {}
  kind = ""
  term = args[1]
  ids = {}
  for id in string.gmatch(args[2], "%d+") do
    ids[#ids + 1] = id
  end
  headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  headers["Accept-Encoding"] = "gzip"
end

function path()
  local roll = math.random(10)
  local shoe = ids[math.random(#ids)]
  if roll <= 4 then
    kind = "list"
    return string.format("/api/shoes?limit=28&offset=%d", 28 * math.random(0, 4))
  elseif roll == 5 then
    kind = "search"
    return "/api/shoes?limit=28&name=" .. term
  elseif roll <= 8 then
    kind = "shoe"
    return "/api/shoes/" .. shoe
  elseif roll == 9 then
    kind = "shell"
    return math.random(2) == 1 and "/" or "/sale"
  end
  kind = "product"
  return "/products/" .. shoe
end

function request()
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(254))
  return wrk.format(nil, path(), headers)
end

-- wrk pipelines nothing here: each connection's answer comes before its next request, so `kind` is this answer's.
function response(status)
  if status < 200 or status >= 300 then
    local key = kind .. " " .. status
    failures[key] = (failures[key] or 0) + 1
  end
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for key, count in pairs(thread:get("failures")) do
      total[key] = (total[key] or 0) + count
    end
  end
  local parts = {}
  for key, count in pairs(total) do
    parts[#parts + 1] = key .. "=" .. count
  end
  table.sort(parts)
  io.write("browse failures: " .. table.concat(parts, " ") .. "\n")
end
