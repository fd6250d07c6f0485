/**
 * Policy files: the networks with their optimiser state and the JSON metadata that rebuilds a
 * policy's input and network ({@code PolicySettings}) and says where it came from ({@code
 * TrainingInfo}), written and read by {@code PolicyFile} with one-line errors. Also the
 * learning-curve CSV and {@code PolicyEvaluation}, which runs a file's weights as the {@code dl2}
 * scheduler. A package of its own below the trainers, because the warm-up, RL and the harness all
 * read and write these files.
 */
package dl2.learning.file;
