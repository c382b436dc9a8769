// Tests never read the developer's ./data: each suite provisions its own database.
process.env.NODE_ENV ??= 'test'
process.env.APP_SECRET ??= 'test-secret-test-secret-test-secret-0123'
process.env.LOG_LEVEL ??= 'silent'
