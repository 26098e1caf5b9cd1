-- wrk script of the abuse stage's shopper: the catalogue's first pages, as the storefront asks for them.
--
-- wrk -s bench/shopper.lua ... URL -- PAGES THINK_MS
--
-- Each connection is a shopper paging through the catalogue, /api/shoes?limit=28&offset=0, 28, 56, ... up to
-- PAGES pages and back to the first, pausing THINK_MS after each answer (wrk's delay()). The pause keeps the
-- shoppers below what the shop can serve, so their req/s shows how long they wait for a page, not how much of
-- the machine they can grab from the flood. Each request carries a client address of its own in
-- X-Forwarded-For, as the load balancer sends it: shoppers are many people, the flood is one (bench/flood.lua).

local page_size = 28

function init(args)
  pages = tonumber(args[1])
  think_ms = tonumber(args[2])
  counter = 0
  -- wrk.format() takes a request's headers whole: the -H headers (the balancer's) and the client's address.
  headers = {}
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
end

function request()
  local offset = (counter % pages) * page_size
  counter = counter + 1
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(254))
  return wrk.format(nil, string.format("/api/shoes?limit=%d&offset=%d", page_size, offset), headers)
end

function delay()
  return think_ms
end
