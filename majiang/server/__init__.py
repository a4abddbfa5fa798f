"""The table server: FastAPI app, accounts and silver ledger, lobby, live tables over WebSocket."""
