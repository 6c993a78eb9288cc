"""The Mattix course (notebooks/mattix/): what a lesson imports as ``from kit.lessons import mattix as lesson``.

The course is split along its seams, and this package re-exports every name a
lesson, the grader or a test uses, so ``lesson.<name>`` works as one module:

- :mod:`.answers` reads typed answers; :mod:`.checks` judges them with the engine's
  numbers and the exact solver (pure, no widgets);
- :mod:`.puzzles` the puzzles and practice positions (``puzzles/mattix.json``);
- :mod:`.pictures` the boards as pictures; :mod:`.boards` the live exercise boards (widgets);
- :mod:`.exercises` every exercise by name and the catalogue ``exercise(name, progress)``;
- :mod:`.studies` lesson 4's computations; :mod:`.lookahead` its greedy-against-search board
  (``lookahead_comparison``); :mod:`.sandbox` the last lesson's board.

Text that cannot be read raises ``kit.InvalidMoveText`` (a ``ValueError``), which the
exercise widget shows as it is. Not covered: the rules, search and boards themselves
(``kit.mattix``), the exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

from kit.lessons.mattix.answers import read_cells, read_move, read_number
from kit.lessons.mattix.checks import (NOT_OVER, OUTCOMES, WHY_TAKES, best_line, best_reply,
                                       check_best_take, check_choice, check_legal_takes,
                                       check_net_gain, check_outcome, check_score_after, check_take,
                                       final_margins, illegal_tries, line_words, net_gain_table,
                                       net_gains, refusal, reply_words, tiles_words, truth_words)
from kit.lessons.mattix.puzzles import (GOALS, GOAL_WORDS, PUZZLES, Puzzle, check_puzzle,
                                        load_practice, load_puzzles, meets_goal)
from kit.lessons.mattix.pictures import Picture, picture, quiet_svg, typed_cell
from kit.lessons.mattix.boards import board_exercise, board_for, take_back, taken
from kit.lessons.mattix.exercises import (EXERCISES, LESSON_TITLES, NOTE, Progress, duel_prediction, exercise,
                                          first_player_prediction, legal_takes_exercise,
                                          net_gain_exercise, outcome_exercise, picture_exercise,
                                          practice_exercise, prediction_exercise, puzzle_exercise,
                                          score_exercise, take_a_tile_exercise, with_data)
from kit.lessons.mattix.studies import (FIRST_PLAYER_TABLE, depth_one_picks_biggest, depth_story,
                                        depth_study, first_player_check, first_player_table,
                                        greedy_is_best, greedy_study, players_tournament,
                                        position_after)
from kit.lessons.mattix.sandbox import STRENGTHS, Sandbox
from kit.lessons.mattix.lookahead import comparison as lookahead_comparison
from kit.mattix import GreedyPlayer, LookaheadPlayer, analyse, lookahead_values, tournament

__all__ = ["read_cells", "read_move", "read_number", "NOT_OVER", "OUTCOMES", "WHY_TAKES",
           "best_line", "best_reply", "check_best_take", "check_choice", "check_legal_takes",
           "check_net_gain", "check_outcome", "check_score_after", "check_take", "final_margins",
           "illegal_tries", "line_words", "net_gain_table", "net_gains", "refusal", "reply_words",
           "tiles_words", "truth_words", "GOALS", "GOAL_WORDS", "PUZZLES", "Puzzle", "check_puzzle",
           "load_practice", "load_puzzles", "meets_goal", "Picture", "picture", "quiet_svg",
           "typed_cell", "board_exercise", "board_for", "take_back", "taken", "EXERCISES",
           "LESSON_TITLES", "NOTE",
           "Progress", "duel_prediction", "exercise", "first_player_prediction",
           "legal_takes_exercise", "net_gain_exercise", "outcome_exercise", "picture_exercise",
           "practice_exercise", "prediction_exercise", "puzzle_exercise", "score_exercise",
           "take_a_tile_exercise", "with_data", "FIRST_PLAYER_TABLE", "depth_one_picks_biggest",
           "depth_story", "depth_study", "first_player_check", "first_player_table",
           "greedy_is_best", "greedy_study", "players_tournament", "position_after", "STRENGTHS",
           "Sandbox", "GreedyPlayer", "LookaheadPlayer", "analyse", "lookahead_values", "tournament",
           "lookahead_comparison"]
