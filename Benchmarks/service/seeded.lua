-- Shared by the wrk scripts: each thread gets its own seed, so every run sends the same
-- sequence of requests to every server. (wrk loads a script alone; the scripts dofile this.)
local counter = 0
function setup(thread)
    counter = counter + 1
    thread:set("seed", counter)
end

function seeded(multiplier)
    math.randomseed(seed * multiplier)
end
