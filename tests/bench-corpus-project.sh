# Sourced by tests/bench-startup.sh and tests/bench-window.sh (bash).
#
# corpus_project CORPUS WORK: one project holding every conversation of
# CORPUS (a CLAUDE_CONFIG_DIR made by tests/history-corpus.py), so the
# sidebar lists them all, as a user with that many conversations in one
# folder sees them. The corpus is only read: WORK/config is a
# CLAUDE_CONFIG_DIR of symlinks to its files, in the folder the CLI (and
# Cairn) name after the project WORK/src/project. Prints the project.
corpus_project() {
  local corpus="$1" work="$2" project folder
  project="$work/src/project"
  mkdir -p "$project"
  folder="$work/config/projects/$(realpath "$project" | sed 's/[^A-Za-z0-9]/-/g')"
  rm -rf "$work/config" && mkdir -p "$folder"
  find "$corpus/projects" -name '*.jsonl' -exec ln -s -t "$folder" {} +
  echo "$project"
}
