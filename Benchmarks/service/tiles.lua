-- wrk: each request a random vector tile (zoom 3-16) around a random populated place of the
-- world, /datasets/places/tiles/{z}/{x}/{y}.mvt (the same sequence for every run).
dofile("Benchmarks/service/seeded.lua")

function init(args)
    seeded(104729)
end

request = function()
    local zoom = math.random(3, 16)
    local longitude = math.random() * 360 - 180
    local latitude = math.random() * 130 - 60
    local n = 2 ^ zoom
    local x = math.floor((longitude + 180) / 360 * n)
    local radians = math.rad(latitude)
    local y = math.floor((1 - math.log(math.tan(radians) + 1 / math.cos(radians)) / math.pi) / 2 * n)
    return wrk.format("GET", string.format("/datasets/places/tiles/%d/%d/%d.mvt", zoom, x, y))
end
