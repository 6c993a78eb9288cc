"""The IOTA course (notebooks/iota/): what a lesson imports as ``from kit.lessons import iota as lesson``.

The course is split along its seams, and this package re-exports every name a
lesson, the grader or a test uses, so ``lesson.<name>`` works as one module:

- :mod:`.answers` reads typed answers; :mod:`.checks` judges them (pure, no widgets);
- :mod:`.positions` the lessons' positions; :mod:`.puzzles` the puzzles and their check;
- :mod:`.pictures` the drawings; :mod:`.boards` the live exercise boards (widgets);
- :mod:`.exercises` every exercise by name and the catalogue ``exercise(name, progress)``;
- :mod:`.studies` the strategy lesson's simulations; :mod:`.lookahead` its greedy-against-look-ahead
  position (``lookahead_comparison``); :mod:`.sandbox` the last lesson's board.

Each check returns a :class:`kit.lessons.exercise.Verdict` in the engine's own words; an
answer that cannot be read raises ``kit.InvalidMoveText`` (a ``ValueError``).
Not covered: the rules, players and boards themselves (``kit.iota``), the exercise
widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

from kit.lessons.iota.answers import (NO, YES, moves_of, read_card, read_count, read_play,
                                      read_points, read_turn, read_yes_no, turn_words)
from kit.lessons.iota.positions import (BREAKING, DRAW_PLAY, EXAMPLE_HAND, EXAMPLE_TABLE,
                                        RECYCLE_HAND, RECYCLE_TABLE, RULES_HAND, RULES_LEGAL,
                                        RULES_TABLE, SCORING_KINDS, WILD_CELL, WORKED_HANDS,
                                        WORKED_PLAYS, both_ends_position, example_position,
                                        exchange_position, final_play_position,
                                        lesson_scoring_plays, pass_position, played_until, position,
                                        recycle_position, rules_position, scoring_plays, short_game,
                                        strategy_positions, table_after, wild_position,
                                        worked_example)
from kit.lessons.iota.checks import (FEATURES, LINES, RULES, breakdown, check_both_ends,
                                     check_breaks, check_draw_count, check_exchange_count,
                                     check_final_score, check_legal_play, check_line, check_move,
                                     check_pass, check_pass_ends, check_recycle, check_score,
                                     check_wild, how_to_count, line_fault, line_look,
                                     line_problem_of, line_reasons, score_mistake)
from kit.lessons.iota.puzzles import (GOALS, PUZZLES, Puzzle, check_puzzle, hint_steps,
                                      load_puzzles, lot_plays, play_turn, puzzle_about,
                                      puzzle_wrong, turn_hint)
from kit.lessons.iota.pictures import (BOX, draw_picture, final_picture, line_picture, line_scene,
                                       middle, play_picture)
from kit.lessons.iota.boards import (ExerciseBoard, board_exercise, board_for, enter_turn, play_on,
                                     restart, show_turn, turn_on, turn_or)
from kit.lessons.iota.exercises import (EXERCISES, FLUID, LESSON_TITLES, Progress, RULE_TASKS, SCORE_HINTS,
                                        all_pass_exercise, best_exercise, both_ends_exercise,
                                        draw_exercise, exchange_exercise, exercise,
                                        final_score_exercise, legal_play_exercise, line_exercise,
                                        named, pass_exercise, puzzle_exercise, recycle_exercise,
                                        rule_exercise, score_exercise, score_wrong,
                                        strategy_best_exercise, typed_exercise, wild_exercise)
from kit.lessons.iota.studies import (STUDIES, chance_one_of, completes_lot, completing_cards,
                                      load_studies, lot_study, open_three_risk, open_three_table,
                                      self_play_positions, tournament_table, two_line_study,
                                      unseen_count, wild_pair, wild_recheck, wild_table)
from kit.lessons.iota.sandbox import STRENGTHS, Sandbox, SandboxBoard
from kit.lessons.iota.lookahead import comparison as lookahead_comparison
from kit.iota import best_turn, rank_moves

__all__ = ["LESSON_TITLES", "NO", "YES", "moves_of", "read_card", "read_count", "read_play",
           "read_points", "read_turn",
           "read_yes_no", "turn_words", "BREAKING", "DRAW_PLAY", "EXAMPLE_HAND", "EXAMPLE_TABLE",
           "RECYCLE_HAND", "RECYCLE_TABLE", "RULES_HAND", "RULES_LEGAL", "RULES_TABLE",
           "SCORING_KINDS", "WILD_CELL", "WORKED_HANDS", "WORKED_PLAYS", "both_ends_position",
           "example_position", "exchange_position", "final_play_position", "lesson_scoring_plays",
           "pass_position", "played_until", "position", "recycle_position", "rules_position",
           "scoring_plays", "short_game", "strategy_positions", "table_after", "wild_position",
           "worked_example", "FEATURES", "LINES", "RULES", "breakdown", "check_both_ends",
           "check_breaks", "check_draw_count", "check_exchange_count", "check_final_score",
           "check_legal_play", "check_line", "check_move", "check_pass", "check_pass_ends",
           "check_recycle", "check_score", "check_wild", "how_to_count", "line_fault", "line_look",
           "line_problem_of", "line_reasons", "score_mistake", "GOALS", "PUZZLES", "Puzzle",
           "check_puzzle", "hint_steps", "load_puzzles", "lot_plays", "play_turn", "puzzle_about",
           "puzzle_wrong", "turn_hint", "BOX", "draw_picture", "final_picture", "line_picture",
           "line_scene", "middle", "play_picture", "ExerciseBoard", "board_exercise", "board_for",
           "enter_turn", "play_on", "restart", "show_turn", "turn_on", "turn_or", "EXERCISES",
           "FLUID", "Progress", "RULE_TASKS", "SCORE_HINTS", "all_pass_exercise", "best_exercise",
           "both_ends_exercise", "draw_exercise", "exchange_exercise", "exercise",
           "final_score_exercise", "legal_play_exercise", "line_exercise", "named", "pass_exercise",
           "puzzle_exercise", "recycle_exercise", "rule_exercise", "score_exercise", "score_wrong",
           "strategy_best_exercise", "typed_exercise", "wild_exercise", "STUDIES", "chance_one_of",
           "completes_lot", "completing_cards", "load_studies", "lot_study", "open_three_risk",
           "open_three_table", "self_play_positions", "tournament_table", "two_line_study",
           "unseen_count", "wild_pair", "wild_recheck", "wild_table", "STRENGTHS", "Sandbox",
           "SandboxBoard", "best_turn", "rank_moves",
           "lookahead_comparison"]
