"""Every Panzer Vor! rulebook section the rules cite, in one place.

A section is written as the rulebook's headings joined by ": " ("Firing: Attack Roll"); a
test checks that each heading occurs in the rulebook's text. To find the code of a rule from
its section, search for the constant's name here and then for its uses.
"""

SEQUENCE_OF_PLAY = "Sequence of Play"
ACTION_PHASE = "Sequence of Play: Action Phase"
GAME_SETUP = "Game Setup"
SCENARIO_PLACEMENT = "Part 2 - Scenarios: Scenarios: From Practice to the Nationals"
PURCHASING = "Exhibition!: Purchasing Tanks"
EXHIBITION_DEPLOYMENT = "Exhibition!: Tank Deployment"
EXHIBITION_CHARACTERS = "Exhibition!: Optional Rules: Characters"
EXHIBITION_MATCH_TYPE = "Exhibition!: Choosing the Match Type"
ANZIO_ORIGINAL_FORCE = "Anzio High School vs. Ōarai Girls Academy (Original): Anzio High School"
ENDING = "Ending the Game and Victory Conditions"

MOVING = "Moving"
MOVEMENT = "Moving: Movement"
MOVEMENT_DIRECTION = "Moving: Movement Direction"
TURNING = "Moving: Turning"
OBSTRUCTING = "Moving: Obstructing Movement"
REVERSE = "Moving: Reverse Movement"
BONUSES = "Moving: Movement Bonuses"

FIRING = "Firing"
LINE_OF_SIGHT = "Firing: Line of Sight"
ATTACK_ROLL = "Firing: Attack Roll"
ATTACK_MODIFIERS = "Firing: Attack Modifiers"
EXTREME_RANGE = "Firing: Extreme Range"
DAMAGE_ROLL = "Firing: Damage Roll"
FIRING_ARCS = "Firing: Firing Arcs"
ASSAULT_GUNS = "Firing: Assault Guns and Jagdpanzers"
MULTIPLE_GUNS = "Firing: Multiple-gun Tanks"

OPTIONAL_RULES = "Optional Rules"
WRECKAGE = "Optional Rules: Wreckage"
TURRET_ROTATION = "Optional Rules: Turret Rotation"
CUTTING_THROUGH = "Optional Rules: Cutting Through"

SMOKE = "Kuromorimine Girls Academy vs. Ōarai Girls Academy: Smokescreen"
CV33 = "Anzio High School vs. Ōarai Girls Academy (Revised): Optional Rules: CV33"
ANZIO_REINFORCEMENTS = (
    "Anzio High School vs. Ōarai Girls Academy (Revised): Optional Rules: Reinforcements"
)
ANZIO_BALANCE = (
    "Anzio High School vs. Ōarai Girls Academy (Revised): Optional Rules: Balance adjustments"
)
ANZIO_TEAM_ADJUSTMENTS = (
    "Anzio High School vs. Ōarai Girls Academy (Original): Optional Rules: Team Adjustments"
)
SOLO = "Test Your Luck!: Play Order"

DRAW_PHASE = "Turn Phases: Draw Phase"
TURN_ACTION_PHASE = "Turn Phases: Action Phase"
EVENT_PHASE = "Turn Phases: Event Phase"
END_PHASE = "Turn Phases: End Phase"
CARD_TYPES = "Card Types"
REACTIONS = "Reactions"
ENFORCEMENT = "Enforcement Cards"
CHARACTERS = "Characters"
STAGNANT = "Part 2 - Scenarios: Match Types and Stagnant Matches"
SCENARIO_CARDS = "Part 2 - Scenarios: Scenario Cards"
SOLO_UPGRADE = "Test Your Luck!: Panzer IV Upgrade"
SOLO_END = "Test Your Luck!: Ending the Game"
SAUNDERS_RULES = "Saunders University High School vs. Ōarai Girls Academy: Scenario Rules"
SAUNDERS_FORCE = "Saunders University High School vs. Ōarai Girls Academy: Ōarai Girls Academy"
ST_GLORIANA_REINFORCEMENTS = "St. Gloriana Girls College vs. Ōarai Girls Academy: Reinforcements"
ST_GLORIANA_OPTIONAL_RULES = "St. Gloriana Girls College vs. Ōarai Girls Academy: Optional Rules"
ANZIO_REVISED_RULES = "Anzio High School vs. Ōarai Girls Academy (Revised): Scenario Rules"
ANZIO_ORIGINAL_RULES = "Anzio High School vs. Ōarai Girls Academy (Original): Scenario Rules"
PRAVDA_RULES = "Pravda High School vs. Ōarai Girls Academy: Scenario Rules"
PRAVDA_FORCE = "Pravda High School vs. Ōarai Girls Academy: Pravda High School"
STAGE_1_RULES = "Stage 1: Scenario Rules"
STAGE_2_RULES = "Stage 2: Scenario Rules"
STAGE_2_KUROMORIMINE = "Stage 2: Kuromorimine Girls Academy"
STAGE_1_SCENARIO_CARDS = "Kuromorimine Girls Academy vs. Ōarai Girls Academy: Scenario Cards"
KUROMORIMINE_REINFORCEMENTS = "Stage 2: Scenario Rules: Kuromorimine Reinforcements"
HS0017 = "Stage 2: Scenario Rules: Scenario Card: HS0017"

LINKED = "The National Tournament: Linked Scenarios"
LINKED_OVERVIEW = "The National Tournament: Linked Scenarios: Overview"
LINKED_SCENARIO_CARDS = "The National Tournament: Linked Scenarios: Scenario Cards"
LINKED_TANKS = "The National Tournament: Linked Scenarios: Ōarai Girls Academy Tanks"
TANK_UPGRADES = "The National Tournament: Linked Scenarios: Tank Upgrades"
CHARACTER_GROWTH = "The National Tournament: Linked Scenarios: Character Growth"
ALTERNATE_REALITY = "The National Tournament: Linked Scenarios: Optional Rules: Alternate Reality"
TOURNAMENT_PLAY = "The National Tournament: Tournament Play"
TOURNAMENT_PROGRESSION = "The National Tournament: Tournament Play: Tournament Progression"
TOURNAMENT_CREATING_FORCES = "The National Tournament: Tournament Play: Creating Forces"
TOURNAMENT_USING_CHARACTERS = "The National Tournament: Tournament Play: Using Characters"
