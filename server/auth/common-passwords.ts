/**
 * Commonly used passwords of at least 12 characters (shorter ones are refused by length already), from public
 * breach-frequency lists. Compared in lower case.
 */
export const commonPasswords = new Set([
  '123456789012', '1234567890123', '12345678901234', '123456123456', '123123123123', '111111111111',
  '000000000000', '121212121212', '987654321098', '1q2w3e4r5t6y', '1qaz2wsx3edc', 'qwertyuiopas',
  'qwertyuiop123', 'qwerty123456', 'qwertyqwerty', 'asdfghjkl123', 'zxcvbnm12345', 'password1234',
  'password12345', 'password123456', 'passwordpassword', 'password123!', 'password2024', 'password2025',
  'password2026', 'p@ssw0rd1234', 'p@ssword1234', 'iloveyou1234', 'iloveyouforever', 'letmein12345',
  'welcome12345', 'welcome123456', 'welcome2024!', 'welcome2025!', 'welcome2026!', 'administrator',
  'administrator1', 'admin1234567', 'adminadmin123', 'changeme1234', 'changeme12345', 'trustno1trustno1',
  'football1234', 'baseball1234', 'superman1234', 'starwars1234', 'sunshine1234', 'princess1234',
  'dragon123456', 'monkey123456', 'shadow123456', 'master123456', 'michael12345', 'jennifer1234',
  'computer1234', 'internet1234', 'whatever1234', 'abcdefghijkl', 'abcdef123456', 'abc123abc123',
  'a1b2c3d4e5f6', 'qazwsxedcrfv', 'zaq12wsxcde3', '!qaz2wsx3edc', 'passw0rd1234', 'mypassword123',
  'secretpassword', 'thisismypassword', 'letmeinletmein', 'hello1234567', 'helloworld123', 'summer2024!!',
  'spring2025!!', 'winter2025!!', 'autumn2025!!', 'patientportal', 'patientportal1', 'eyecare12345',
  'optical12345', 'correcthorsebatterystaple', 'ihateyou1234', 'loveyou12345',
  'q1w2e3r4t5y6', '1a2b3c4d5e6f', 'asdfasdfasdf', 'qweasdzxc123', 'azertyuiop12', 'aaaaaaaaaaaa',
  'abcabcabcabc', '147258369012', '159753159753', '741852963741', 'zxcvbnmasdfg',
]);
