/**
 * DL2's training run, top to bottom: {@code TrainConfig} holds every knob of {@code dl2 train} and
 * of the studies' runs as a tree (budget, policy, {@code WarmUp}, objective, placement; written to
 * the run directory by {@code TrainConfigFile}), and {@code TrainingPipeline} runs the supervised
 * warm-up, reinforcement learning and the test summary ({@code TestEvaluation}), with resume from
 * the last checkpoint and reuse of a finished warm-up. It sits in the harness, above the learning
 * code, because its test summary runs the heuristics next to the policy with the simulator's speed
 * model, which learning code may not see.
 */
package dl2.training;
