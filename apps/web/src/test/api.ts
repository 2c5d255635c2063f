// The fake API of the web tests: the harness of both apps (@uc/client/test) answering the member app's HTTP client.
export * from '@uc/client/test';
