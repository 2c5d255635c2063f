// The fake API of the console tests: the harness of both apps (@uc/client/test) answering the console's HTTP client.
export * from '@uc/client/test';
