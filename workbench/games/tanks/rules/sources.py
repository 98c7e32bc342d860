"""Where a TANKS rule or value comes from when it is not a rulebook section: the community
card data (Heavy Tank, Big Gun: the option ``community_keywords`` turns them off), a labelled
stand-in, or the workbench's own reading."""

HEAVY_TANK = "Heavy Tank (community data: BSData/tanks; option community_keywords)"
BIG_GUN = "Big Gun (community data: BSData/tanks; option community_keywords)"
STAND_IN = "stand-in"
WORKBENCH = "workbench reading (not printed)"
