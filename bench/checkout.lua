-- wrk script of the checkout target: POST /api/cart/checkout, one pair of one shoe, a fresh test card each time.
--
-- wrk -s bench/checkout.lua -H 'Cookie: ...' -H 'X-CSRFToken: ...' ... URL -- RUN SHOE_ID SIZE PRICE AMOUNT
--
-- bench/run/loads.py passes the signed-in session, the CSRF token and the origin as -H headers, as for every target.
-- The test gateway reads pm_card_visa--NONCE as Stripe's always-paying visa card; the nonce makes every payment
-- method new (a repeated one answers 200 with the first order, not 201), so it joins the run's token (unique per
-- wrk run), the thread and a counter. The nonce may only hold letters and digits (orders.serializers).
-- Answers other than 201 are counted and printed as "not 201: N" for bench/run/loads.py.

local threads = {}
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_number", thread_count)
  table.insert(threads, thread)
end

function init(args)
  run_token = args[1]
  shoe_id, size, price, amount = args[2], args[3], args[4], args[5]
  counter = 0
  not_201 = 0
end

function request()
  counter = counter + 1
  local nonce = run_token .. "t" .. thread_number .. "n" .. counter
  local body = string.format(
    '{"shoes": [{"_id": %s, "size": "%s", "quantity": 1, "price": %s}], "amount": %s, "id": "pm_card_visa--%s", '
      .. '"address": {"name": "Ana Runner", "state": "Jalisco", "city": "Guadalajara", "line1": "Calle 5-B", '
      .. '"postalCode": "44100"}}',
    shoe_id, size, price, amount, nonce
  )
  return wrk.format("POST", nil, nil, body)
end

function response(status, headers, body)
  if status ~= 201 then
    not_201 = not_201 + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("not_201")
  end
  io.write(string.format("not 201: %d\n", total))
end
