"""healthbot: log your health by chatting; see README.md."""
