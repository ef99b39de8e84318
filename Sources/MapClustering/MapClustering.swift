/// Zoom-level clustering of map markers (see issue "Clustering").
