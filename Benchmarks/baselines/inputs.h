/* The inputs of the geometry benchmarks; Sources/BenchmarkInputs/BenchmarkInputs.swift
 * holds the same numbers for the Swift side. © OpenStreetMap contributors (ODbL). */
#ifndef MAPENGINE_BENCH_INPUTS_H
#define MAPENGINE_BENCH_INPUTS_H

/* OSM building way/15243643, central Helsinki: 14 vertices (13 corners + closing). */
static const double building_ring[14][2] = {
    {24.936753, 60.1677867}, {24.9373934, 60.1680093}, {24.9373821, 60.1680173},
    {24.9371736, 60.1681658}, {24.9370872, 60.1682273}, {24.9368868, 60.1681577},
    {24.9368625, 60.1681492}, {24.9370187, 60.1680381}, {24.9368711, 60.1679867},
    {24.9367149, 60.1680979}, {24.9365786, 60.1680505}, {24.936733, 60.1679406},
    {24.9366013, 60.1678947}, {24.936753, 60.1677867},
};

/* OSM road way/14601899/0 (Aleksanterinkatu, Helsinki): 10 vertices. */
static const double street_line[10][2] = {
    {24.9408376, 60.1684813}, {24.940999, 60.1685469}, {24.941041, 60.1685641},
    {24.9414827, 60.1687283}, {24.941556, 60.1687535}, {24.9416356, 60.168777},
    {24.9417101, 60.1687919}, {24.9417903, 60.1688028}, {24.9418696, 60.1688075},
    {24.9429026, 60.1688352},
};

/* The bulk transform input: a 1000 x 1000 grid over Europe, lon -10..30, lat 35..70. */
#define TRANSFORM_POINT_COUNT 1000000
static inline void transform_point(long index, double *lon, double *lat) {
    double column = (double)(index % 1000), row = (double)(index / 1000);
    *lon = -10.0 + 40.0 * column / 1000.0;
    *lat = 35.0 + 35.0 * row / 1000.0;
}

#endif
