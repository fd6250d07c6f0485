/**
 * Tetris (dl2-spec §6.4): at each node in turn, a bundle to the job of the best
 * alignment-plus-weighted-work score. Exact and fast: jobs are filed by bundle demand ({@code
 * TetrisDemandGroup}) across slots ({@code TetrisOutstanding}), so a placement ({@code
 * TetrisPlacement}) costs O(distinct demands), not O(outstanding jobs).
 */
package dl2.schedulers.tetris;
