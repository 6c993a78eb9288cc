"""The Smartrix course (notebooks/smartrix/): what a lesson imports as ``from kit.lessons import smartrix as L``.

The course is split along its seams, and this package re-exports every name a
lesson, the grader or a test uses, so ``L.<name>`` works as one module:

- :mod:`.answers` reads typed answers; :mod:`.checks` judges them (pure, no widgets);
- :mod:`.positions` the lesson positions; :mod:`.puzzles` the puzzles and their check;
- :mod:`.studies` the strategy lesson's chances, tables and tournament;
- :mod:`.pictures` the drawings; :mod:`.boards` the live exercise boards (widgets);
- :mod:`.exercises` every exercise by name and the catalogue ``exercise(name, progress)``;
- :mod:`.lookahead` the strategy lesson's greedy-against-look-ahead position (``lookahead_comparison``);
- :mod:`.sandbox` the last lesson's board.

Each check returns a :class:`kit.lessons.exercise.Verdict` in the engine's words
(``Game.explain``); text that cannot be read raises ``kit.InvalidMoveText`` (a
``ValueError``). Not covered: the rules, players and boards themselves
(``kit.smartrix``), the exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

from kit.lessons.smartrix.answers import player, read_card, read_cells, read_move, read_number
from kit.lessons.smartrix.positions import (PUZZLES, building_steps, data, end_phase_position,
                                            finished_game, greedy_until_the_pile_is_out,
                                            lesson_move, lesson_position, practice_position,
                                            short_game, team_end_phase)
from kit.lessons.smartrix.checks import (NOT_THE_REASON, NO_NEIGHBOUR, REASON_WORDS, REASONS,
                                         SIDES, cards_collected, check_challenge, check_fit_cells,
                                         check_most_cards, check_placement, check_points,
                                         check_rotation, check_scores, check_value, check_why,
                                         deck_counts, fit_cells, how_it_ended, most_cards,
                                         out_players, read_reasons, reason_words, refused,
                                         score_answer, score_sum, set_values, touching, why_not)
from kit.lessons.smartrix.studies import (LETTERS, TOURNAMENT_TABLE, chance_explained,
                                          check_gap_count, gap_candidates, holds_chance,
                                          live_tournament, next_hand_size, pass_rank, threat_table,
                                          tournament_table, unseen_note, valuation_table)
from kit.lessons.smartrix.puzzles import (GOALS, ORDINALS, Puzzle, check_puzzle, load_puzzles,
                                          meets_goal, puzzle_hints, puzzle_wrong)
from kit.lessons.picture import Picture
from kit.lessons.smartrix.pictures import (FIT_DEMO, GAP_CELL, HTMLPicture, MAX_WIDTH,
                                           card_picture, cards_svg, deck_picture, fit_picture,
                                           fit_width, gap_picture, picture, plain_card, retitle, score_svg,
                                           show, side_by_side, stack_svgs, steps_picture,
                                           threat_picture)
from kit.lessons.smartrix.boards import (LessonBoard, back_to_start, board_exercise, board_for,
                                         enter_on, first_game, notation_key, play_on,
                                         taken_back, tried_move)
from kit.lessons.smartrix.exercises import (EXERCISES, LESSON_TITLES, Progress, ROTATION_CARD,
                                            VALUE_CARD,
                                            WHY_CELL, WHY_HINTS, challenge_exercise, exercise,
                                            first_placement_exercise, fit_exercise, gap_exercise,
                                            most_cards_exercise, points_exercise, puzzle_exercise,
                                            rotation_exercise, score_exercise, typed_exercise,
                                            value_exercise, why_exercise)
from kit.lessons.smartrix.sandbox import STRENGTHS, Sandbox, VARIANTS
from kit.lessons.smartrix.lookahead import comparison as lookahead_comparison
from kit.smartrix import card_text

__all__ = ["player", "read_card", "read_cells", "read_move", "read_number", "PUZZLES",
           "building_steps", "data", "end_phase_position", "finished_game",
           "greedy_until_the_pile_is_out", "lesson_move", "lesson_position", "practice_position", "short_game",
           "team_end_phase", "NOT_THE_REASON", "NO_NEIGHBOUR", "REASON_WORDS", "REASONS", "SIDES",
           "cards_collected", "check_challenge", "check_fit_cells", "check_most_cards",
           "check_placement", "check_points", "check_rotation", "check_scores", "check_value",
           "check_why", "deck_counts", "fit_cells", "how_it_ended", "most_cards", "out_players",
           "read_reasons", "reason_words", "refused", "score_answer", "score_sum", "set_values",
           "touching", "why_not", "LETTERS",
           "TOURNAMENT_TABLE", "chance_explained", "check_gap_count", "gap_candidates",
           "holds_chance", "live_tournament", "next_hand_size", "pass_rank", "threat_table",
           "tournament_table", "unseen_note", "valuation_table", "GOALS", "ORDINALS", "Puzzle",
           "check_puzzle", "load_puzzles", "meets_goal", "puzzle_hints", "puzzle_wrong", "FIT_DEMO",
           "GAP_CELL", "HTMLPicture", "MAX_WIDTH", "Picture", "card_picture", "cards_svg",
           "deck_picture", "fit_picture", "fit_width", "gap_picture", "picture", "plain_card", "retitle",
           "score_svg", "show", "side_by_side", "stack_svgs", "steps_picture", "threat_picture",
           "LessonBoard", "back_to_start", "board_exercise", "board_for", "enter_on", "first_game",
           "notation_key", "play_on", "taken_back", "tried_move", "EXERCISES", "LESSON_TITLES",
           "Progress", "ROTATION_CARD", "VALUE_CARD", "WHY_CELL", "WHY_HINTS", "challenge_exercise",
           "exercise", "first_placement_exercise", "fit_exercise", "gap_exercise",
           "most_cards_exercise", "points_exercise", "puzzle_exercise", "rotation_exercise",
           "score_exercise", "typed_exercise", "value_exercise", "why_exercise", "STRENGTHS",
           "Sandbox", "VARIANTS", "card_text",
           "lookahead_comparison"]
