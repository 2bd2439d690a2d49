-- SMS marketing consent as given at checkout: the phone in E.164, the words
-- the shopper agreed to, when and where. An order keeps the consent it was
-- placed with; a customer keeps the latest.
alter table orders add column sms_consent jsonb;
alter table customers add column phone text;
alter table customers add column sms_consent jsonb;
