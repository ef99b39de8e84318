/// Stop ordering and routes (see issue "Router").
